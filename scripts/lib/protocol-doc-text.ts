// The hand-written prose of docs/protocol.md: transport rules (DESIGN §4, §5) and code meanings.
// Everything per destination is generated from the contract instead.
import { CLIENT_MSG_ID_MAX, PIPELINE_WINDOW, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX, IDEMPOTENT_REPLAYED_HEADER, type ErrorCodeName } from '../../src/protocol';
import { PLACEHOLDERS, SECTION_PLACEHOLDERS, TEMPLATE_LABEL_PREFIX } from '../../src/protocol/listing-templates';
import { ImageMessages, TemplateMessages } from '../../src/protocol/messages';
import {
  CLIENT_TOO_OLD, PROTOCOL_CHANGELOG, PROTOCOL_HEADER, PROTOCOL_MIN, PROTOCOL_MIN_HEADER, PROTOCOL_VERSION, SERVER_TOO_OLD,
} from '../../src/protocol/version';
import { UPLOAD_MAX_BYTES } from '../../server/http/multipart';

const UPLOAD_MAX_MIB = UPLOAD_MAX_BYTES / (1024 * 1024);

export const INTRO = `# LotDesk wire protocol

Generated from \`src/protocol/\` by \`npx tsx scripts/protocol-doc.ts\`; do not edit by hand
(\`npx tsx scripts/protocol-doc.ts --check\` fails when this file is stale). Names and wire spellings come from the
product spec (§3, §7, §8); what the spec leaves unshown is decided in DESIGN §5 and written down here.

## Transport

- **STOMP 1.2 over WebSocket** at \`/ws\` on the LotDesk server.
- **JSON bodies.** Every SEND and MESSAGE body is JSON. A scalar payload is a JSON scalar: a lot id is \`42\`,
  a search text is \`"abc"\`, a list of SKUs is \`["LOT-000042"]\`. A destination with no payload takes an empty body
  (a body sent anyway is ignored).
- **Protocol versions: \`lotdesk-protocol\`.** See [Protocol versions](#protocol-versions).
- **Authorization.** CONNECT, SUBSCRIBE and SEND carry \`Authorization: Bearer {jwt}\`; a SEND is checked by its own
  header, else by the CONNECT one. \`/app/login\` is the only SEND that needs no token.
- **Replies** arrive on the sending session's user topics \`/user/topics/{name}\`: subscribe to \`incomingMessages\`,
  \`errors\` and the dedicated topics you use before sending. A reply is an envelope on \`incomingMessages\` unless
  the spec names a dedicated topic for it; a dedicated topic carries its data raw, without an envelope.
- **Exactly once: \`client-msg-id\`.** A SEND from the outbox carries \`client-msg-id: {deviceId}:{seq}\` (assigned
  once per entry, at most ${CLIENT_MSG_ID_MAX} characters) and \`receipt\`. On a mutation (the "kind" column below says
  which destinations are mutations and which are queries) from a signed-in user, the server applies the change and records \`(user, client-msg-id)\`
  with the replies it produced in ONE transaction, delivers the replies after commit, then the RECEIPT. A replay of
  the same pair — in order, or at the same time from another connection after a drop — changes nothing and gets the
  stored replies again, on the sending session only (pushes to other sessions are not repeated). A refusal by the
  handler is stored too, so its replay is the same refusal. INTERNAL_SERVER_ERROR stores nothing: sending the entry
  again runs it again. The record names the destination: the same \`client-msg-id\` sent to another destination is
  refused with BAD_REQUEST and runs nothing. A SEND without \`client-msg-id\`, and every query, runs each time it arrives.
- **Every message answering a SEND that carried \`client-msg-id\` repeats that header**: replies, refusals (on
  \`incomingMessages\`, \`errors\` and \`loginResponse\`), INTERNAL_SERVER_ERROR and replayed replies, so the outbox knows
  which entry a message answers. Pushes to other sessions carry no \`client-msg-id\`.
- **Pipelining: \`after-msg-id\`.** The outbox sends up to ${PIPELINE_WINDOW} entries before their receipts come. Every entry but
  the first of such a run carries \`after-msg-id: {the client-msg-id of the entry just before it}\`. The server handles
  one session's frames in the order they came; it applies such a mutation only when a record of the named entry
  exists (applied, or refused by its handler), and otherwise answers TOO_EARLY on \`incomingMessages\` and runs and
  records nothing. So when an entry is not applied (INTERNAL_SERVER_ERROR, UNAUTHORIZED, a refusal before it ran),
  every entry sent after it in the run is answered TOO_EARLY too and goes again once it has been: the changes still
  apply strictly in queue order. An entry that names a row made offline (a temporary id) is only sent once the
  entry that makes the row is answered; an upload, and an entry its screen sends one at a time (Image entry's rows,
  which its Cancel must still be able to stop), goes by itself.
- **Queries: \`request-id\`.** A query (kind "query": it reads, is never queued and may be sent again on every
  reconnect) may carry \`request-id: {any text of at most ${CLIENT_MSG_ID_MAX} characters}\`. Every message answering it — its reply on
  \`incomingMessages\` or on its dedicated topic, or its refusal — repeats that header, so a client matches a reply to
  its request by id, never by arrival order. The server gives the id no other meaning.
- **Payloads are parsed before anything else**, by the schemas below. Objects parse in strip mode (unknown fields,
  such as the client-side \`selected\` flags, are dropped); numbers are finite and bounded; strings have a maximum
  length and hold no NUL (U+0000) and no unpaired surrogate (\`\\ud800\` without its other half).
  A body that fails is answered with BAD_REQUEST and a message naming the field, for example
  \`Invalid request: titleListing: Too big: expected string to have <=255 characters\`.
- **Rejections are envelopes, never STOMP ERROR frames.** A refused request is answered on \`incomingMessages\` with
  \`{errorCode, messageType: 26 (ERROR), message, data: null}\`; \`message\` is the text the user sees. BAD_REQUEST,
  NOT_FOUND and FORBIDDEN mean the request cannot succeed as sent (the outbox marks it dead and shows the message).
  An ERROR frame means a broken protocol (a malformed frame, a limit exceeded) and closes the connection.
- **The errors topic** carries an envelope \`{errorCode, messageType: 26 (ERROR), message}\` whose message is the
  error text: UNAUTHORIZED for a SEND without a valid token, NOT_FOUND for an unknown destination.
- **Ownership.** A lot belongs to its creator: a user sees and changes only their own lots, an admin all of them.
  A lot that does not exist or is not the user's is BAD_REQUEST \`Lot not found or you don't own this lot!\`; boxes,
  items and images follow their lot. The UPC catalogue, notes, templates, inventory and auction events are shared
  by all staff; deleting catalogue entries needs ROLE_ADMIN (FORBIDDEN otherwise).
- **Pushes.** A changed lot is also sent, in the same form as the reply, to the owner's other sessions and to admins; a
  changed catalogue entry to the sender's other sessions and to admins.

## Protocol versions

LotDesk's own contract (this document) has a version, an integer bumped whenever a destination's payload, reply or
meaning changes incompatibly; an addition an older client ignores (a new optional field, a new destination or topic)
is no bump. The current version is ${PROTOCOL_VERSION}; this server accepts ${PROTOCOL_MIN} to ${PROTOCOL_VERSION}.

- **CONNECT** may carry \`${PROTOCOL_HEADER}: {version}\`. A CONNECT without it (a plain STOMP 1.2 client following this
  document) is served as the current version. **CONNECTED** carries \`${PROTOCOL_HEADER}: {the server's version}\` and
  \`${PROTOCOL_MIN_HEADER}: {the oldest it accepts}\`.
- A client older than the oldest accepted is answered with an ERROR frame whose \`message\` header is
  \`${CLIENT_TOO_OLD}\`, then the close: it must load its newer code (the app offers a reload and keeps its queue). A
  client newer than the server gets \`${SERVER_TOO_OLD}\` (a tablet updated from a newer deployment, or a server rolled
  back): it keeps its queue and tries again later. A header that is not a whole number is refused the same way, with
  a message saying so. In each case nothing the client queued is sent.
- **A SEND** is read as the version its own \`${PROTOCOL_HEADER}\` header names (an entry a client queued under older
  code), else as its session's. The server accepts at least the version before its own: a payload written in an
  older accepted version is upgraded to today's before it is parsed (one small upgrade per changed destination,
  \`src/protocol/upgrades.ts\`), so a queue made offline before an update arrives as the person made it. A SEND in a
  version outside the range is answered UPGRADE_REQUIRED on \`incomingMessages\` with that refusal as its message, and
  nothing runs.
- **The changing HTTP routes** (\`/api/upload-file\`, \`/api/remove-bg-image\`) read the same header (none: the current
  version). Outside the range they answer 426 UPGRADE_REQUIRED with \`CLIENT_TOO_OLD\` or \`SERVER_TOO_OLD\` as the
  message, and record nothing under the Idempotency-Key: the same upload goes again once the versions agree.
- **The app** records the version each outbox entry was written in, and rewrites an older entry as today's payload
  (the same upgrades) before it sends or describes it. On \`CLIENT_TOO_OLD\` it offers a reload to the newer app and
  sends nothing; on \`SERVER_TOO_OLD\` it says so and asks again every 30 seconds.
- **A bump, rehearsed.** Built and started with \`LOTDESK_PROTOCOL_REHEARSAL=1\` (tests only), the app and the
  server speak the next version, in which createManifest takes \`{ title }\` (\`src/protocol/rehearsal.ts\`); the
  browser test tests/e2e/protocol-version.spec.ts updates a server under a tablet's offline queue to that release, on
  both sides of the cutoff. A real bump changes the contract, adds its upgrade step and changelog line, and moves the
  rehearsal one version on.

### Changelog

${PROTOCOL_CHANGELOG.map(({ version, changes }) => `- **${version}**: ${changes}`).join('\n')}

## Envelope

\`{errorCode, messageType, message, data}\` (spec §7): \`errorCode\` is 200 on success, else a code below;
\`messageType\` is a number from the table below (ERROR on a rejection); \`message\` is a text for the user (always
present on a rejection); \`data\` is what the destination's row says, or null.
`;

export const ERROR_CODE_MEANINGS: Record<ErrorCodeName, string> = {
  OK: 'Success.',
  BAD_REQUEST: "The request was refused as sent: an invalid payload, a broken rule, or a lot that does not exist or is not the user's.",
  UNAUTHORIZED: 'No valid token (on the errors topic).',
  FORBIDDEN: 'The user lacks the role (deleting catalogue entries needs ROLE_ADMIN).',
  NOT_FOUND: 'A row the request names does not exist; on the errors topic, an unknown destination.',
  TOO_EARLY: 'Not in the spec\'s list. A mutation whose `after-msg-id` names a change not applied (yet): nothing ran and nothing was recorded; the outbox sends it again after that one.',
  UPGRADE_REQUIRED: 'Not in the spec\'s list. A SEND whose `lotdesk-protocol` header names a version the server does not serve (the message is `CLIENT_TOO_OLD` or `SERVER_TOO_OLD`), or is not a version number: nothing ran and nothing was recorded; the entry waits (see Protocol versions).',
  INTERNAL_SERVER_ERROR: 'The server failed; any destination may answer it. Trying again may help.',
  SERVICE_UNAVAILABLE: 'The online store or a remote host could not be reached. Trying again later may help.',
  CUSTOM_ERROR: 'In the spec\'s list; this server does not send it.',
};

export const INCOMING_MEANING = 'the envelope: replies without a dedicated topic, and every rejection';
export const ERRORS_MEANING = 'an envelope with messageType ERROR: UNAUTHORIZED (no valid token), NOT_FOUND (unknown destination)';

export const HTTP_SECTION = `## HTTP

Two operations use plain HTTP, both with \`Authorization: Bearer {jwt}\`; a non-OK status (403: invalid token or not
authorised) gives the screen nothing.

- \`POST /api/upload-file\`: a multipart form with \`file\` and the text fields of [UploadFields](#uploadfields) (a UPC or a
  lot number, SKU); at most one file of ${UPLOAD_MAX_MIB} MiB (413 beyond). The image goes to the lot whose lot number
  is SKU (the user's own; an admin's any, else 400 "Lot not found or you don't own this lot!") or to the catalogue UPC.
  The content is sniffed, never the name or the declared type: JPEG, PNG, WebP, GIF (its first frame), AVIF and TIFF
  are taken. Refused with 400 and a message naming the file: empty, not an image, SVG (it can carry scripts), damaged
  or cut short, more than IMAGE_MAX_MEGAPIXELS (50) megapixels (read from the header: a decompression bomb is never
  decoded), longer than IMAGE_PROCESS_TIMEOUT to process; 503 while the server processes too many images at once,
  and 503 '${ImageMessages.storageUnavailable}' while the image storage (S3,
  docs/operations.md) is down or silent (nothing recorded either way: send again). Answer 200: the envelope
  IMAGE_UPLOADED (39) with [ImageSaved](#imagesaved), message 'Uploaded image: {file name}'; the same envelope is
  pushed on incomingMessages to the owner's sessions and the admins'. The variants thumbnail (100 px), smallImage
  (300), medium (600), large (1200) each fit inside a square of that side, never enlarged; full is the whole image.
  All are turned upright by the EXIF orientation and carry no metadata (no EXIF, GPS, XMP); JPEG, or PNG when the
  image has transparency. The original is kept, never served.
- \`POST /api/remove-bg-image\`: JSON [BackgroundRemovalRequest](#backgroundremovalrequest), the image's \`wcAttachmentId\`
  (a catalogue UPC's image, or one of a lot the user may change; else 404 'Image {id} not found.'). The configured
  remover (BACKGROUND_REMOVER, docs/operations.md) makes a PNG with transparency of its full variant, which joins the
  same lot or UPC as a new image '{name}-no-bg.png', the original kept. Answer 200: the envelope
  IMAGE_BACKGROUND_REMOVED (46) with [ImageSaved](#imagesaved) and status \`'Success'\` (spec §7), also pushed as
  above; 400 'The background of {file name} could not be removed.' when the remover fails; the same 503s as an
  upload.
- \`GET /images/{key}\`: the variant files named by an image's links, \`Cache-Control: public, max-age=31536000,
  immutable\` (every upload has keys of its own, so a stored file never changes; the client adds the spec's
  cache-busting \`?v=\` query, which is ignored). Deleting an image's last row deletes its files.

**Every mutating request under \`/api/\`** (POST, PUT, PATCH, DELETE) is exactly-once, as an outbox SEND is:

- It needs \`Authorization: Bearer {jwt}\` of an existing account, else **401** \`{errorCode: 401, message}\`, and an
  \`${IDEMPOTENCY_KEY_HEADER}\` header of 1 to ${IDEMPOTENCY_KEY_MAX} characters, else **400** \`{errorCode: 400, message}\`. Both are
  checked before the body is read. The outbox sends its entry's \`{deviceId}:{seq}\` as the key.
- The server runs the request and records \`(user, key)\` with the status and JSON body it answered in ONE
  transaction. The same key from the same user again — in order, or at the same time — changes nothing and gets
  the recorded status and body, byte for byte, with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`. The same key from another user is
  another request. HTTP keys and STOMP \`client-msg-id\`s never collide. The same key on another route is refused with
  **400** and runs nothing.
- A refusal (4xx) is recorded like a success, so its replay is the same refusal. A 5xx (the server failed, or a
  remote host was unavailable) records nothing: sending the request again with the same key runs it again.
- Errors are JSON \`{errorCode, message}\` with the HTTP status as errorCode. A multipart body that cannot be read as a
  form (no boundary, cut short) is **400**; a form over a limit (file size, number of files or fields) **413**.
`;

const placeholderList = PLACEHOLDERS.map((name) => `- \`{{${name}}}\`: ${TemplateMessages.placeholders[name]}`).join('\n');
const sectionNames = SECTION_PLACEHOLDERS.map((name) => `\`${name}\``).join(', ');

export const LISTING_TEMPLATES_SECTION = `## Listing templates

A listing template is a note whose label starts with \`${TEMPLATE_LABEL_PREFIX}\` (DESIGN §5); its data is HTML with
mustache placeholders, rendered for a lot by generateWCHTMLListing and the listing destinations
(server/store/templates, \`renderListing\`). Only these placeholders exist (src/protocol/listing-templates.ts):

${placeholderList}

- Every value is HTML-escaped, in text and in attributes; \`{{items}}\` is a table the server builds with every cell
  escaped.
- \`{{! comments }}\` are allowed. Sections \`{{#name}}…{{/name}}\` (shown when the value is non-empty or Yes) and
  inverted sections \`{{^name}}…{{/name}}\` (shown otherwise) only on ${sectionNames}.
- Refused, with a message naming each one, and never rendered: an unknown placeholder (a dotted name or \`{{.}}\`
  too), triple braces \`{{{name}}}\`, \`{{& name}}\`, partials \`{{> name}}\`, delimiter changes \`{{=<% %>=}}\`,
  a section on any other name, and a template mustache cannot parse (an unclosed tag or section).
- The rendered HTML is then sanitized with an allowlist: headings, paragraphs, lists, tables, text formatting, \`a\`
  and \`img\`; attributes class, title, style (only colors, text alignment, font size/weight/style, text decoration,
  line height, margin, padding, width, height and borders, with plain values: no \`url()\` or \`expression()\`),
  \`a\` href/target, \`img\` src/alt/width/height, table cell spans. Links go to http, https, mailto or tel only and
  always get \`rel="noopener noreferrer nofollow"\`; images only to http or https (no \`data:\`). Scripts, style
  sheets, event handlers, frames, objects, embeds, forms, SVG, MathML, meta and base are removed. The preview
  (DESIGN §5) shows the result in a sandboxed iframe as well.
`;
