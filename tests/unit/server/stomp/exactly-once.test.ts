// Which SENDs are deduplicated (DESIGN §4): every mutation — all destinations but login and the get* queries.
import { describe, expect, it } from 'vitest';
import { CLIENT_MSG_ID_MAX } from '../../../../src/protocol/auth';
import { Destination, type DestinationName } from '../../../../src/protocol/destinations';
import { isMutation, isValidClientMsgId } from '../../../../server/stomp/exactly-once';

const ALL = Object.keys(Destination) as DestinationName[];

describe('isMutation', () => {
  it('is false for login and every get* query, true for everything that changes something', () => {
    expect(ALL.filter((name) => !isMutation(name))).toEqual(['login', ...ALL.filter((name) => name.startsWith('get'))]);
    expect(['createManifest', 'updateManifestTitleById', 'deleteLots', 'listOnWC', 'createNote'].every((name) => isMutation(name as DestinationName))).toBe(true);
  });
});

describe('isValidClientMsgId', () => {
  it(`accepts 1 to ${CLIENT_MSG_ID_MAX} characters`, () => {
    expect(isValidClientMsgId('3f2a9c:17')).toBe(true);
    expect(isValidClientMsgId('x'.repeat(CLIENT_MSG_ID_MAX))).toBe(true);
    expect(isValidClientMsgId('')).toBe(false);
    expect(isValidClientMsgId('x'.repeat(CLIENT_MSG_ID_MAX + 1))).toBe(false);
  });
});
