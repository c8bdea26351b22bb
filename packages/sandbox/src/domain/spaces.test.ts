import { describe, expect, it, vi } from 'vitest';
import { applySeed } from '../seed.js';
import { Store } from '../store.js';
import { requireSpace } from './spaces.js';
import { SandboxError } from '../errors.js';

function demo(): Store {
  const store = new Store();
  applySeed(store, 'demo');
  return store;
}

describe('requireSpace', () => {
  it('answers a space of an organization the actor is not in as not found', () => {
    const store = demo();
    const [space] = store.spaces.values();
    store.members.splice(0, store.members.length, ...store.members.filter((m) => m.user !== store.actor));
    expect(() => requireSpace(store, space!.id)).toThrow(SandboxError);
    expect(() => requireSpace(store, space!.id)).toThrow(`space "${space!.id}"`);
  });

  it('throws a failure of the sandbox itself as it is, not as a 404', () => {
    const store = demo();
    const [space] = store.spaces.values();
    // A broken store (a defect of the sandbox): before, any error of the membership check became
    // "space not found", which hid it.
    vi.spyOn(store.members, 'find').mockImplementation(() => {
      throw new TypeError('members is corrupt');
    });
    expect(() => requireSpace(store, space!.id)).toThrow('members is corrupt');
  });
});
