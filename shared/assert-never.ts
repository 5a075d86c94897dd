/**
 * The `default:` of a switch that names every member of a union (as GitHub Desktop writes them): the compiler
 * refuses the call while a member is left out, since only `never` fits; and should a value outside the type come
 * through anyway, it throws instead of doing nothing. A value from outside the app (a file, a newer build's row)
 * gets a `default:` that handles it, not this.
 */
export function assertNever(value: never, message = `Unexpected value: ${JSON.stringify(value)}`): never {
  throw new Error(message);
}
