// Renders docs/protocol.md from the wire contract (src/protocol). Pure: the same contract and served list
// always give the same text, so `--check` and the unit test can compare it with the committed file.
import type { z } from 'zod';
import * as protocol from '../../src/protocol';
import * as primitives from '../../src/protocol/primitives';
import { children, describe, descriptionOf, fieldsOf, type Names } from './zod-describe';
import { ERROR_CODE_MEANINGS, ERRORS_MEANING, HTTP_SECTION, INCOMING_MEANING, INTRO, LISTING_TEMPLATES_SECTION } from './protocol-doc-text';

type Schema = z.core.$ZodType;
const { contract, Destination, ErrorCode, MessageTypeNames, TopicName, Topic } = protocol;
type DestinationName = keyof typeof Destination;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;

function namedSchemas(module: Record<string, unknown>, suffix: string): Map<Schema, string> {
  const named = new Map<Schema, string>();
  // Sorted: a module namespace's key order differs between loaders (tsx, vite), the doc must not.
  for (const [key, value] of Object.entries(module).sort(([a], [b]) => a.localeCompare(b))) {
    if (isSchema(value) && key.endsWith(suffix) && !named.has(value)) named.set(value, key.slice(0, key.length - suffix.length));
  }
  return named;
}

const ENTITIES = namedSchemas(protocol, 'Schema');
const SCALARS = namedSchemas(primitives, '');
const anchor = (name: string) => name.toLowerCase();

// By definition, not by instance: `.describe()` clones a schema but keeps its definition.
const BY_DEF = new Map<unknown, string>([...SCALARS, ...ENTITIES].map(([schema, name]) => [schema._zod.def, name]));
const ENTITY_NAMES = new Set(ENTITIES.values());

const NAMES: Names = {
  nameOf: (schema) => BY_DEF.get(schema._zod.def),
  render: (name) => (ENTITY_NAMES.has(name) ? `[${name}](#${anchor(name)})` : name),
  isCanonical: (schema) => ENTITIES.has(schema) || SCALARS.has(schema),
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const row = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
const table = (head: readonly string[], rows: ReadonlyArray<readonly string[]>) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

const DESTINATIONS = Object.keys(Destination) as DestinationName[];

/** Every named entity the contract reaches, so the doc defines each name it uses. */
function reachedEntities(): Set<string> {
  const reached = new Set<string>();
  const seen = new Set<Schema>();
  const walk = (schema: Schema): void => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const name = NAMES.nameOf(schema);
    if (name !== undefined && ENTITY_NAMES.has(name)) reached.add(name);
    children(schema).forEach(walk);
  };
  [protocol.EnvelopeSchema, protocol.UploadFieldsSchema, protocol.BackgroundRemovalRequestSchema].forEach(walk);
  for (const key of DESTINATIONS) {
    walk(contract[key].payload);
    walk(contract[key].reply.data);
  }
  return reached;
}

function messageTypeCell(key: DestinationName): string {
  const reply: protocol.ReplySpec = contract[key].reply;
  if (reply.messageType === null) return '— (raw body)';
  const types = [reply.messageType, ...(reply.alternatives ?? [])];
  return types.map((name) => `${name} (${protocol.MessageType[name]})`).join(' / ');
}

function destinationRows(served: ReadonlySet<string>): string[][] {
  return DESTINATIONS.map((key) => {
    const entry: protocol.ContractEntry = contract[key];
    const path = Destination[key];
    const data = describe(entry.reply.data, NAMES) + (entry.reply.note ? `<br>${entry.reply.note}` : '');
    return [
      `\`${path}\`<br>${entry.summary}`,
      entry.kind,
      describe(entry.payload, NAMES),
      entry.reply.topic,
      messageTypeCell(key),
      data,
      entry.errors.length > 0 ? entry.errors.join(', ') : '—',
      served.has(path) ? 'yes' : 'not yet served',
    ];
  });
}

function usedBy(messageType: protocol.MessageTypeName): string {
  const users = DESTINATIONS.filter((key) => {
    const reply: protocol.ReplySpec = contract[key].reply;
    return reply.messageType === messageType || (reply.alternatives ?? []).includes(messageType);
  });
  if (messageType === 'ERROR') return 'every rejection, and the errors topic';
  return users.length > 0 ? users.join(', ') : '— (not sent)';
}

function topicRows(): string[][] {
  return TopicName.map((name) => {
    const users = DESTINATIONS.filter((key) => contract[key].reply.topic === name);
    if (name === 'incomingMessages') return [name, `\`${Topic[name]}\``, INCOMING_MEANING, `${users.length} destinations (see below)`];
    if (name === 'errors') return [name, `\`${Topic[name]}\``, ERRORS_MEANING, 'any SEND'];
    const carries = [...new Set(users.map((key) => describe(contract[key].reply.data, NAMES)))].join('; ');
    return [name, `\`${Topic[name]}\``, carries, users.join(', ')];
  });
}

function entitySection(name: string): string {
  const schema = [...ENTITIES.entries()].find(([, entity]) => entity === name)?.[0];
  if (schema === undefined) return '';
  const fields = fieldsOf(schema, NAMES);
  const body = fields
    ? table(['field', 'type', 'note'], fields.map(({ field, optional, type, note }) => [`${field}${optional ? '?' : ''}`, type, note ?? '']))
    : cell(describe(schema, NAMES, true));
  return `### ${name}\n\n${body}`;
}

export function renderProtocolDoc(servedDestinations: readonly string[]): string {
  const served = new Set(servedDestinations);
  const entities = [...reachedEntities()].sort((a, b) => a.localeCompare(b));
  const sections = [
    INTRO,
    '## Error codes\n',
    table(['name', 'code', 'meaning'], Object.entries(ErrorCode).map(([name, code]) => [name, String(code), ERROR_CODE_MEANINGS[name as protocol.ErrorCodeName]])),
    '\n## Message types\n\nThe envelope carries the number; the spec lists them 0–52 in this order.\n',
    table(['#', 'name', 'sent for'], MessageTypeNames.map((name, index) => [String(index), name, usedBy(name)])),
    '\n## Topics\n\nSubscribe with the Authorization header; each topic carries only what is addressed to the session (or pushed to its user).\n',
    table(['topic', 'subscribe to', 'carries', 'replies to'], topicRows()),
    `\n## Destinations\n\n${DESTINATIONS.length} SEND destinations, in the spec's order. "payload" is the JSON body; "data" is the envelope's data on incomingMessages, or the whole body on a dedicated topic. Every destination may also answer INTERNAL_SERVER_ERROR.\n`,
    table(['destination', 'kind', 'payload', 'reply topic', 'message type', 'data', 'errors', 'served'], destinationRows(served)),
    '\n## Entities\n\nObjects parse in strip mode: unknown fields (such as the client-side `selected` flags) are dropped. `?` marks a field that may be left out.\n',
    entities.map(entitySection).join('\n\n'),
    '\n## Scalar types\n',
    table(['name', 'definition', 'note'], [...SCALARS.entries()].sort(([, a], [, b]) => a.localeCompare(b)).map(([schema, name]) => [name, describe(schema, NAMES, true), descriptionOf(schema) ?? ''])),
    `\n${HTTP_SECTION}`,
    `\n${LISTING_TEMPLATES_SECTION}`,
  ];
  return `${sections.join('\n')}\n`;
}
