import { describe, expect, it } from 'vitest';
import {
  parseSessionChange,
  SESSION_CHANGE_RETENTION_MS,
  SessionState,
  type SessionsEnded,
} from './session-state';
import type { AccessClaims } from './tokens';

const USER = '00000000-0000-4000-8000-000000000001';
const AT = Date.parse('2026-03-01T12:00:00Z');

const token = (fields: Partial<AccessClaims> = {}): AccessClaims => ({
  userId: USER,
  roles: ['attendee'],
  sessionId: 'family-a',
  sessionVersion: 0,
  ...fields,
});

const roleChange = (version: number, roles: AccessClaims['roles'], validFrom = 0) => ({
  kind: 'user' as const,
  userId: USER,
  version,
  validFrom,
  roles,
  at: AT,
});

describe('SessionState', () => {
  it('takes tokens as they are while nothing changed, and tokens issued before sid and sv', () => {
    const state = new SessionState();
    const claims = token();
    expect(state.check(claims)).toBe(claims);
    state.apply({ kind: 'families', userId: USER, families: ['family-a'], at: AT });
    const legacy = { userId: USER, roles: ['attendee' as const] };
    expect(state.check(legacy)).toBe(legacy);
  });

  it('refuses every token of an ended family and no other', () => {
    const state = new SessionState();
    state.apply({ kind: 'families', userId: USER, families: ['family-a'], at: AT });
    expect(state.check(token())).toBeNull();
    expect(state.check(token({ sessionId: 'family-b' }))).not.toBeNull();
  });

  it('gives older tokens the current roles after a role change, newer ones keep theirs', () => {
    const state = new SessionState();
    state.apply(roleChange(1, ['attendee', 'organizer']));
    expect(state.check(token({ sessionVersion: 0 }))?.roles).toEqual(['attendee', 'organizer']);
    const newer = token({ sessionVersion: 1, roles: ['attendee', 'organizer'] });
    expect(state.check(newer)).toBe(newer);
    state.apply(roleChange(2, ['attendee']));
    expect(state.check(newer)?.roles).toEqual(['attendee']);
  });

  it('refuses tokens below the version every session ended at, and lets later ones through', () => {
    const state = new SessionState();
    state.apply(roleChange(3, ['attendee'], 3));
    expect(state.check(token({ sessionVersion: 2 }))).toBeNull();
    expect(state.check(token({ sessionVersion: 3 }))).not.toBeNull();
    // A later role change does not bring the ended sessions back.
    state.apply(roleChange(4, ['attendee', 'organizer']));
    expect(state.check(token({ sessionVersion: 2 }))).toBeNull();
    expect(state.check(token({ sessionVersion: 3 }))?.roles).toEqual(['attendee', 'organizer']);
  });

  it('ignores a change that arrives after a newer one, and the same change twice', () => {
    const state = new SessionState();
    const ended: SessionsEnded[] = [];
    state.onEnded((item) => ended.push(item));
    state.apply(roleChange(5, ['attendee'], 5));
    state.apply(roleChange(4, ['attendee', 'organizer']));
    state.apply(roleChange(5, ['attendee'], 5));
    expect(state.check(token({ sessionVersion: 4 }))).toBeNull();
    expect(state.check(token({ sessionVersion: 5 }))?.roles).toEqual(['attendee']);
    state.apply({ kind: 'families', userId: USER, families: ['family-a'], at: AT });
    state.apply({ kind: 'families', userId: USER, families: ['family-a', 'family-b'], at: AT });
    expect(ended).toEqual([
      { userId: USER, families: [], validFrom: 5 },
      { userId: USER, families: ['family-a'] },
      { userId: USER, families: ['family-b'] },
    ]);
  });

  it('forgets changes once every token they could affect has expired', () => {
    const state = new SessionState();
    state.apply({ kind: 'families', userId: USER, families: ['family-a'], at: AT });
    state.apply(roleChange(1, ['attendee'], 1));
    state.prune(AT + SESSION_CHANGE_RETENTION_MS);
    expect(state.size()).toEqual({ users: 1, families: 1 });
    state.prune(AT + SESSION_CHANGE_RETENTION_MS + 1);
    expect(state.size()).toEqual({ users: 0, families: 0 });
  });
});

describe('parseSessionChange', () => {
  it('reads what is sent and refuses anything else', () => {
    const change = roleChange(2, ['attendee', 'usher'], 1);
    expect(parseSessionChange(JSON.stringify(change))).toEqual(change);
    const families = { kind: 'families', userId: USER, families: ['x'], at: AT };
    expect(parseSessionChange(JSON.stringify(families))).toEqual(families);
    for (const bad of [
      'not json',
      '[]',
      JSON.stringify({ ...change, roles: ['root'] }),
      JSON.stringify({ ...change, version: 1.5 }),
      JSON.stringify({ ...families, families: [1] }),
      JSON.stringify({ ...families, kind: 'other' }),
      JSON.stringify({ ...families, at: 'now' }),
    ]) {
      expect(parseSessionChange(bad), bad).toBeNull();
    }
  });
});
