/**
 * Resolves `@vetted/<lib>` imports in the compiled output (dist/libs/<lib>/src), the way the
 * `paths` entry of tsconfig.json does for the compiler and moduleNameMapper does for Jest.
 * Each app's main.ts imports this file first, by a relative path.
 */
import Module from 'node:module';
import path from 'node:path';

const libsRoot = path.resolve(__dirname, '..', '..');
const prefix = '@vetted/';
type Resolve = (request: string, ...rest: unknown[]) => string;
const moduleWithResolver = Module as unknown as { _resolveFilename: Resolve };
const original = moduleWithResolver._resolveFilename;

moduleWithResolver._resolveFilename = function resolveVettedAlias(request: string, ...rest: unknown[]) {
  if (request.startsWith(prefix)) {
    const [lib, ...sub] = request.slice(prefix.length).split('/');
    return original.call(this, path.join(libsRoot, lib, 'src', ...sub), ...rest);
  }
  return original.call(this, request, ...rest);
};
