// The test client's contract check (tests/support/contract-check.ts): every reply a suite receives is held to the
// contract docs/protocol.md is generated from. These tests prove it refuses what drifts from it, so a suite that
// passes through it cannot pass on an off-contract reply.
import { describe, expect, it } from 'vitest';
import { okEnvelope, errorEnvelope } from '../../../src/protocol/envelope';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { MessageType } from '../../../src/protocol/message-types';
import { checkMessage, checkReply } from '../../support/contract-check';
import { makeLot } from '../../support/factories';

const lot = makeLot(4, 'Pallet of TVs');

describe('checkReply: the answer to a SEND', () => {
  it('passes a reply whose messageType and data are what the contract says', () => {
    expect(checkReply('createManifest', 'incomingMessages', okEnvelope(MessageType.CREATED_MANIFEST, lot, 'Created manifest: Pallet of TVs'))).toBeUndefined();
  });

  it('fails a reply with another messageType than the contract names', () => {
    expect(checkReply('createManifest', 'incomingMessages', okEnvelope(MessageType.DELETED_LOTS, [4]))).toMatch(/messageType DELETED_LOTS.*CREATED_MANIFEST/);
  });

  it('fails a reply whose data does not match the reply schema', () => {
    const { titleListing: _dropped, ...withoutTitle } = lot;
    expect(checkReply('createManifest', 'incomingMessages', okEnvelope(MessageType.CREATED_MANIFEST, withoutTitle))).toMatch(/data does not match/);
  });

  it('fails a refusal whose code the destination does not list', () => {
    expect(checkReply('createManifest', 'incomingMessages', errorEnvelope(ErrorCode.NOT_FOUND, 'Not found'))).toMatch(/refused with NOT_FOUND/);
  });

  it('passes the refusals any destination may answer with (401, 500, a refused body)', () => {
    for (const code of [ErrorCode.UNAUTHORIZED, ErrorCode.INTERNAL_SERVER_ERROR, ErrorCode.BAD_REQUEST]) {
      expect(checkReply('createManifest', 'incomingMessages', errorEnvelope(code, 'refused'))).toBeUndefined();
    }
  });

  it("fails a dedicated topic's body that is not the reply data, and a reply on another topic", () => {
    expect(checkReply('getLots', 'lots', [lot])).toBeUndefined();
    expect(checkReply('getLots', 'lots', [{ id: 'four' }])).toMatch(/does not match the contract's reply data/);
    expect(checkReply('getLots', 'lotById', lot)).toMatch(/answers getLots on lots, not lotById/);
  });

  it('fails what is not an envelope on incomingMessages', () => {
    expect(checkReply('createManifest', 'incomingMessages', { ok: true })).toMatch(/not a valid envelope/);
  });
});

describe('checkMessage: a push, or a message read without its SEND', () => {
  it('passes data that some destination answering that messageType would send', () => {
    expect(checkMessage('incomingMessages', okEnvelope(MessageType.CREATED_MANIFEST, lot))).toBeUndefined();
  });

  it('fails data that no destination answering that messageType sends', () => {
    expect(checkMessage('incomingMessages', okEnvelope(MessageType.CREATED_MANIFEST, { id: 4 }))).toMatch(/matches the reply data of no destination/);
  });

  it('fails a message on a topic no destination replies on with that body', () => {
    expect(checkMessage('lots', { not: 'a list' })).toMatch(/matches the reply data of no destination/);
  });
});

describe('checkReply: destinations not served yet', () => {
  it("passes NOT_FOUND 'not yet served' only for a destination no handler serves: every one is served now", () => {
    const notServed = errorEnvelope(ErrorCode.NOT_FOUND, 'Destination not yet served: /app/createManifest');
    expect(checkReply('createManifest', 'errors', notServed)).toMatch(/refused with NOT_FOUND/);
  });
});
