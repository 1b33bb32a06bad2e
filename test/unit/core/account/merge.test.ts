import { describe, expect, it } from 'vitest';
import {
  mergeSubscriptions,
  type MergeInput,
  type MergePlan,
  type SyncEntry,
} from '../../../../main/core/account/merge.ts';

const S = 'https://ntfy.example.com';
const entry = (topic: string, displayName?: string): SyncEntry => ({
  server: S,
  topic,
  ...(displayName === undefined ? {} : { displayName }),
});
const change = (topic: string, changedAt: number, removed = false) => ({ server: S, topic, changedAt, removed });

const LAST_SYNC = 1_000;
const SEEN = 5_000;

function merge(input: Partial<MergeInput>): MergePlan {
  return mergeSubscriptions({
    base: [],
    local: [],
    remote: [],
    localChanges: [],
    remoteSeenAt: SEEN,
    lastSyncAt: LAST_SYNC,
    ...input,
  });
}

/** The plan without empty lists, for compact expectations. */
function nonEmpty(plan: MergePlan): Partial<MergePlan> {
  return Object.fromEntries(Object.entries(plan).filter(([, value]) => (value as unknown[]).length > 0));
}

describe('mergeSubscriptions', () => {
  it.each<[string, Partial<MergeInput>, Partial<MergePlan>]>([
    [
      'nothing changed: nothing to do',
      { base: [entry('a')], local: [entry('a')], remote: [entry('a')] },
      {
        result: [entry('a')],
      },
    ],
    [
      'local add goes to the server',
      { local: [entry('a', 'A')], localChanges: [change('a', 2_000)] },
      {
        addRemote: [entry('a', 'A')],
        result: [entry('a', 'A')],
      },
    ],
    [
      'remote add comes here, and is reported',
      { remote: [entry('b', 'B')] },
      {
        addLocal: [entry('b', 'B')],
        result: [entry('b', 'B')],
        notes: [{ kind: 'added-here', entry: entry('b', 'B') }],
      },
    ],
    [
      'local rename goes to the server',
      {
        base: [entry('a', 'Old')],
        local: [entry('a', 'New')],
        remote: [entry('a', 'Old')],
        localChanges: [change('a', 2_000)],
      },
      { renameRemote: [entry('a', 'New')], result: [entry('a', 'New')] },
    ],
    [
      'remote rename comes here',
      { base: [entry('a', 'Old')], local: [entry('a', 'Old')], remote: [entry('a')] },
      {
        renameLocal: [entry('a')],
        result: [entry('a')],
        notes: [{ kind: 'renamed-here', entry: entry('a') }],
      },
    ],
    [
      'local removal goes to the server',
      {
        base: [entry('a')],
        remote: [entry('a')],
        localChanges: [change('a', 2_000, true)],
      },
      { removeRemote: [entry('a')] },
    ],
    [
      'remote removal of an unchanged one removes it here, reported',
      {
        base: [entry('a')],
        local: [entry('a')],
      },
      { removeLocal: [entry('a')], notes: [{ kind: 'removed-here', entry: entry('a') }] },
    ],
    [
      'both renamed, this device newer: its name wins and goes to the server',
      {
        base: [entry('a', 'Old')],
        local: [entry('a', 'Mine')],
        remote: [entry('a', 'Theirs')],
        localChanges: [change('a', SEEN + 1)],
      },
      {
        renameRemote: [entry('a', 'Mine')],
        result: [entry('a', 'Mine')],
        notes: [{ kind: 'rename-conflict', entry: entry('a', 'Mine'), winner: 'this-device', lostName: 'Theirs' }],
      },
    ],
    [
      'both renamed, the server newer: its name wins here',
      {
        base: [entry('a', 'Old')],
        local: [entry('a', 'Mine')],
        remote: [entry('a', 'Theirs')],
        localChanges: [change('a', SEEN - 1)],
      },
      {
        renameLocal: [entry('a', 'Theirs')],
        result: [entry('a', 'Theirs')],
        notes: [
          { kind: 'renamed-here', entry: entry('a', 'Theirs') },
          { kind: 'rename-conflict', entry: entry('a', 'Theirs'), winner: 'server', lostName: 'Mine' },
        ],
      },
    ],
    [
      'both renamed alike: nothing to do',
      {
        base: [entry('a', 'Old')],
        local: [entry('a', 'Same')],
        remote: [entry('a', 'Same')],
        localChanges: [change('a', 2_000)],
      },
      { result: [entry('a', 'Same')] },
    ],
    [
      'removed on the server but renamed here: kept, put back on the server, reported',
      {
        base: [entry('a', 'Old')],
        local: [entry('a', 'New')],
        localChanges: [change('a', 2_000)],
      },
      {
        addRemote: [entry('a', 'New')],
        result: [entry('a', 'New')],
        notes: [{ kind: 'kept-removed-on-server', entry: entry('a', 'New') }],
      },
    ],
    [
      'removed on the server but renamed here long before: still kept (never dropped)',
      {
        base: [entry('a', 'Old')],
        local: [entry('a', 'New')],
        localChanges: [change('a', 1)],
      },
      {
        addRemote: [entry('a', 'New')],
        result: [entry('a', 'New')],
        notes: [{ kind: 'kept-removed-on-server', entry: entry('a', 'New') }],
      },
    ],
    [
      'removed here, renamed on the server later: kept here, reported',
      {
        base: [entry('a', 'Old')],
        remote: [entry('a', 'Theirs')],
        localChanges: [change('a', SEEN - 1, true)],
      },
      {
        addLocal: [entry('a', 'Theirs')],
        result: [entry('a', 'Theirs')],
        notes: [
          { kind: 'added-here', entry: entry('a', 'Theirs') },
          { kind: 'kept-removed-here', entry: entry('a', 'Theirs') },
        ],
      },
    ],
    [
      'removed here after the server renamed it: removed on the server',
      {
        base: [entry('a', 'Old')],
        remote: [entry('a', 'Theirs')],
        localChanges: [change('a', SEEN + 1, true)],
      },
      { removeRemote: [entry('a', 'Theirs')] },
    ],
    ['removed on both sides: gone', { base: [entry('a')], localChanges: [change('a', 2_000, true)] }, {}],
    [
      'first sync, both lists kept as a union',
      {
        local: [entry('mine')],
        remote: [entry('theirs')],
      },
      {
        addRemote: [entry('mine')],
        addLocal: [entry('theirs')],
        result: [entry('mine'), entry('theirs')],
        notes: [{ kind: 'added-here', entry: entry('theirs') }],
      },
    ],
    [
      'the same topic on another server is another subscription',
      {
        local: [entry('a')],
        remote: [entry('a'), { server: 'https://ntfy.sh', topic: 'a' }],
        base: [entry('a')],
      },
      {
        addLocal: [{ server: 'https://ntfy.sh', topic: 'a' }],
        result: [entry('a'), { server: 'https://ntfy.sh', topic: 'a' }],
        notes: [{ kind: 'added-here', entry: { server: 'https://ntfy.sh', topic: 'a' } }],
      },
    ],
  ])('%s', (_name, input, expected) => {
    expect(nonEmpty(merge(input))).toEqual(expected);
  });

  it('never loses a subscription silently: every entry of base, local or remote is in the result or reported', () => {
    const plan = merge({
      base: [entry('a'), entry('b', 'B'), entry('c')],
      local: [entry('b', 'B2'), entry('c'), entry('d')],
      remote: [entry('a'), entry('c', 'C'), entry('e')],
      localChanges: [change('a', 2_000, true), change('b', 2_000), change('d', 2_000)],
    });
    const kept = new Set(plan.result.map((item) => item.topic));
    const reportedRemovals = plan.notes.filter((note) => note.kind === 'removed-here').map((note) => note.entry.topic);
    const removedOnServer = plan.removeRemote.map((item) => item.topic);
    for (const topic of ['a', 'b', 'c', 'd', 'e']) {
      expect(kept.has(topic) || reportedRemovals.includes(topic) || removedOnServer.includes(topic)).toBe(true);
    }
    expect(plan.notes).toContainEqual({ kind: 'kept-removed-on-server', entry: entry('b', 'B2') });
  });
});
