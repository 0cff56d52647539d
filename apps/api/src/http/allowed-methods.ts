import type { OpenAPIObject } from '@nestjs/swagger';
import { ServiceError } from '@vetted/kernel';
import { DOCUMENTED_METHODS } from './documented-query';

/** A documented path, as a pattern of its concrete URLs, and the methods it takes. */
interface DocumentedPath {
  pattern: RegExp;
  allow: string;
}

/**
 * Which methods each documented path takes, so a request with another method on it is answered
 * 405 with `Allow` (RFC 9110 section 15.5.6), not 404 "Cannot PUT ..." as if the path did not
 * exist (noted by probes). Read from the finished OpenAPI document: what a path takes is what it
 * documents.
 */
export class AllowedMethods {
  private readonly paths: DocumentedPath[];

  constructor(document: OpenAPIObject) {
    this.paths = Object.entries(document.paths).map(([path, item]) => {
      const methods = DOCUMENTED_METHODS.filter((method) => item[method] !== undefined).map((m) =>
        m.toUpperCase(),
      );
      if (methods.includes('GET')) methods.splice(methods.indexOf('GET') + 1, 0, 'HEAD');
      const pattern = path
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      return { pattern: new RegExp(`^${pattern}/?$`), allow: methods.join(', ') };
    });
  }

  /** The `Allow` value of the documented path `url` is on (its query left out), or null for none. */
  of(url: string): string | null {
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    return this.paths.find((documented) => documented.pattern.test(path))?.allow ?? null;
  }
}

/** A method the path does not take; `Allow` lists those it does. */
export class MethodNotAllowed extends ServiceError {
  constructor(
    method: string,
    readonly allow: string,
  ) {
    super(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here; this path takes ${allow}`);
  }
}
