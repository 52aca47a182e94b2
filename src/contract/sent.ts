/**
 * What the server may hand to `response.json` for a body the console reads as `T`: the same
 * shape, where any string may still be a `Date` (JSON turns it into its ISO string). A body
 * builder declared to return `Sent<QueueItem>` does not compile while it lacks a field of
 * the contract or gives one another type.
 */
export type Sent<T> = T extends string
  ? T | Date
  : T extends readonly (infer Item)[]
    ? Sent<Item>[]
    : T extends object
      ? { [Key in keyof T]: Sent<T[Key]> }
      : T;

/** True only when `A` and `B` are the same type: for the server's checks that a union here is its own. */
export type Same<A, B> = (<V>() => V extends A ? 1 : 2) extends <V>() => V extends B ? 1 : 2 ? true : false;
