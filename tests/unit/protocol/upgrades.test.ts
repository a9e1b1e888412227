// Issue 32: a payload written under an older protocol version reads as today's, step by step, for the destinations a
// version changed and no other; a queued SEND is found by its path. The steps here stand in for the next releases'.
import { describe, expect, it } from 'vitest';
import { Destination } from '../../../src/protocol/destinations';
import { upgradePayload, upgradeQueued, upgradesOf, type UpgradeStep } from '../../../src/protocol/upgrades';
import { createManifestBody, REHEARSAL, titleInObject, titleOfCreateManifest } from '../../../src/protocol/rehearsal';
import { admitProtocol, CLIENT_TOO_OLD, PROTOCOL_VERSION, protocolOf, SERVER_TOO_OLD } from '../../../src/protocol/version';

const STEPS: readonly UpgradeStep[] = [
  // Version 2 wrapped createManifest's title in an object; version 3 renamed its field.
  { to: 2, payloads: { createManifest: (title) => ({ title }) } },
  { to: 3, payloads: { createManifest: (body) => ({ titleListing: (body as { title: unknown }).title }) } },
];

describe('payload upgrades', () => {
  it('applies every step after the version written, up to the one asked, in order', () => {
    expect(upgradePayload('createManifest', 'Pallet', 1, 3, STEPS)).toEqual({ titleListing: 'Pallet' });
    expect(upgradePayload('createManifest', { title: 'Pallet' }, 2, 3, STEPS)).toEqual({ titleListing: 'Pallet' });
    expect(upgradePayload('createManifest', { titleListing: 'Pallet' }, 3, 3, STEPS)).toEqual({ titleListing: 'Pallet' });
    expect(upgradePayload('createManifest', 'Pallet', 1, 2, STEPS)).toEqual({ title: 'Pallet' });
  });

  it('leaves a destination no step changed as it was', () => {
    expect(upgradesOf('getLotById', 1, 3, STEPS)).toEqual([]);
    expect(upgradePayload('getLotById', 42, 1, 3, STEPS)).toBe(42);
  });

  it("reads a queued entry by its destination's path; one written before versions were named is version 1", () => {
    expect(upgradeQueued(Destination.createManifest, 'Pallet', undefined, STEPS)).toEqual(upgradePayload('createManifest', 'Pallet', 1, PROTOCOL_VERSION, STEPS));
    expect(upgradeQueued(Destination.createManifest, 'Pallet', PROTOCOL_VERSION, STEPS)).toBe('Pallet');
  });
});

describe('the versions a server admits', () => {
  it('serves its range and a client naming none; refuses below and above by name', () => {
    const range = { min: 2, current: 3 };
    expect([undefined, 2, 3].map((version) => admitProtocol(version, range))).toEqual(['served', 'served', 'served']);
    expect(admitProtocol(1, range)).toBe(CLIENT_TOO_OLD);
    expect(admitProtocol(4, range)).toBe(SERVER_TOO_OLD);
  });

  it('reads the header as a whole number from 1, anything else as no version at all', () => {
    expect(protocolOf(undefined)).toBeUndefined();
    expect(protocolOf('3')).toBe(3);
    expect(protocolOf(' 12 ')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'two', '', '1e3']) expect(protocolOf(bad)).toBeNaN();
  });
});

describe('the rehearsed next version (src/protocol/rehearsal.ts)', () => {
  it("reads today's bare createManifest title as { title }, and leaves a body already in the new shape", () => {
    expect(titleInObject('Pallet 7')).toEqual({ title: 'Pallet 7' });
    expect(titleInObject({ title: 'Pallet 7' })).toEqual({ title: 'Pallet 7' });
  });

  it('names the title of either shape for the outbox panel', () => {
    expect(titleOfCreateManifest('Pallet 7')).toBe('Pallet 7');
    expect(titleOfCreateManifest({ title: 'Pallet 7' })).toBe('Pallet 7');
  });

  it('is off unless the build or the server asks for it: today speaks version 1 and takes the bare title', () => {
    expect(REHEARSAL).toBe(false);
    expect(PROTOCOL_VERSION).toBe(1);
    expect(createManifestBody('Pallet 7')).toBe('Pallet 7');
  });
});
