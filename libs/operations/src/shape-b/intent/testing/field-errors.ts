import { ValidationFailed } from '@vetted/kernel';
import { FieldProblems } from '../../../preparation/field-problems';
import { readShapeBIntent } from '../read-shape-b-intent';

/** The field problems (path to message) a reader records; `{}` when it records none. */
export function problemsOf(read: (problems: FieldProblems) => unknown): Record<string, string> {
  const problems = new FieldProblems();
  read(problems);
  return fieldsThrownBy(() => problems.throwIfAny()) ?? {};
}

/** The field problems (path to message) `readShapeBIntent` refuses the value with. */
export function intentProblems(value: unknown): Record<string, string> {
  const fields = fieldsThrownBy(() => readShapeBIntent(value));
  if (!fields) throw new Error('expected a validation failure');
  return fields;
}

function fieldsThrownBy(run: () => unknown): Record<string, string> | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    return Object.fromEntries(error.fields!.map((f) => [f.path, f.message]));
  }
}
