// Which SENDs are deduplicated (DESIGN §4): every destination the contract declares a mutation.
import { describe, expect, it } from 'vitest';
import { CLIENT_MSG_ID_MAX } from '../../../../src/protocol/auth';
import { Destination, type DestinationName } from '../../../../src/protocol/destinations';
import { isMutation } from '../../../../src/protocol/contract';
import { isValidClientMsgId } from '../../../../server/stomp/exactly-once';

const ALL = Object.keys(Destination) as DestinationName[];

describe('isMutation', () => {
  it('is false for login, every get* query, the listing preview and syncLots, true for everything that changes something', () => {
    const reads = ['login', ...ALL.filter((name) => name.startsWith('get')), 'generateWCHTMLListing', 'syncLots'];
    expect(ALL.filter((name) => !isMutation(name)).sort()).toEqual(reads.sort());
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
