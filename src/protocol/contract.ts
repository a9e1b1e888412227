// The wire contract: for each SEND destination of spec §7, its payload schema, where and how the reply
// arrives, and the rejection codes it may answer with; plus the parser the server runs on every SEND body.
// docs/protocol.md is generated from it (scripts/protocol-doc.ts). Client and server both import it.
export * from './contract/table';
export * from './contract/parse';
export { type ContractEntry, type DestinationKind, type ReplySpec, NoBody, IdList, RowRefList } from './contract/shared';
export { httpContract } from './contract/http';
