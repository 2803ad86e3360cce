/** A pool task that ends its screening thread (tests of a thread that dies, ADR 103). */
export function runTask(): never {
  process.exit(3);
}
