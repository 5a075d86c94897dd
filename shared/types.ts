/** Compile-time helpers for the contract checks (types only: nothing here reaches a bundle). */

/** `true` when A and B are the same type (not merely assignable to each other), otherwise `false`. */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
