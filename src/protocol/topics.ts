// The subscription topics of spec §7. Each is a per-session user topic: a client subscribes to
// `/user/topics/<name>` and receives only what is addressed to its own session (or pushed to its user).
export const USER_TOPIC_PREFIX = '/user/topics/';

export const TopicName = [
  'incomingMessages',
  'errors',
  'loginResponse',
  'lots',
  'lotSuggestions',
  'boxesByLotId',
  'lotById',
  'deletedListings',
  'suggestion',
  'allAuctions',
  'auctionEventManifests',
  'createdAuctionEvent',
  'updatedAuctionEvent',
  'updatedAuctionEventManifests',
  'deletedAuctionEventManifests',
  'manifestsAddedToAuctionEvent',
  'lotChanges',
  'deviceSetup',
  'catalogueCache',
] as const;
export type TopicName = (typeof TopicName)[number];

export const Topic = Object.fromEntries(TopicName.map((name) => [name, `${USER_TOPIC_PREFIX}${name}`])) as {
  readonly [K in TopicName]: `/user/topics/${K}`;
};
export type TopicPath = (typeof Topic)[TopicName];

export function topicNameOf(destination: string): TopicName | undefined {
  if (!destination.startsWith(USER_TOPIC_PREFIX)) return undefined;
  const name = destination.slice(USER_TOPIC_PREFIX.length);
  return (TopicName as readonly string[]).includes(name) ? (name as TopicName) : undefined;
}
