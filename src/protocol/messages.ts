// Every message a person reads, in one catalogue that the server and the client both use: spec §8's texts word
// for word, the server's reply and refusal messages, and the client's own validation texts. A message that is
// not here is not shown. Grouped by who says it; functions fill the spec's placeholders.
export * from './messages/general';
export * from './messages/fields';
export * from './messages/images';
export * from './messages/selling';
export * from './messages/inventory';
export * from './messages/auctions';
export * from './messages/devices';
export * from './messages/setup';
export * from './messages/outbox';
export * from './messages/install';
