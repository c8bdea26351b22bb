// The floor of the consumer type-check benchmark: the same project with nothing in it.
export {};
