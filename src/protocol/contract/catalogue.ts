// Contract rows for images and the UPC catalogue (spec §7, in its order).
import { z } from 'zod';
import {
  ImageByUrlRequestSchema, ImageSavedSchema, LotImagesSchema, SuggestionRequestSchema, SuggestionResponseSchema,
  UpcCrudRequestSchema, UpcEntrySchema, UpcImagesSchema,
} from '../entities';
import type { DestinationName } from '../destinations';
import { CatalogueCacheRequestSchema } from '../catalogue';
import { IMAGES_MAX } from '../images';
import { Id, LIST_MAX, Upc } from '../primitives';
import { type ContractEntry, envelopeReply, envelopeReplyOneOf, IdList, RowRefList, topicReply } from './shared';

const DeletedIds = z.array(Id);
const LOT_OWNERS = "A lot's images are its owner's (an admin reaches all): another user's lot is answered as a missing one, BAD_REQUEST \"Lot not found or you don't own this lot!\".";

export const catalogueContract = {
  getImagesForLotById: {
    kind: 'query',
    summary: "A lot's images.",
    payload: Id,
    reply: envelopeReply('FOUND_IMAGES_FOR_LOT', LotImagesSchema,
      `images in the order they were added, and the lot; message 'Found images: {n}'. ${LOT_OWNERS}`),
    errors: ['BAD_REQUEST'],
  },
  getImagesForUPC: {
    kind: 'query',
    summary: "A catalogue UPC's images.",
    payload: Upc,
    reply: envelopeReply('FOUND_IMAGES_FOR_UPC', UpcImagesSchema, "The UPC as asked and its images, oldest first (a UPC not in the catalogue may have some: Image entry adds them by UPC)."),
    errors: ['BAD_REQUEST'],
  },
  loadImagesForManifest: {
    kind: 'mutation',
    summary: "Attach to a lot the catalogue images of the UPCs in its boxes (Load Images).",
    payload: Id,
    reply: envelopeReply('IMAGE_ADDED_MANIFEST', LotImagesSchema,
      `images are all the lot's images afterwards: each catalogue picture of a UPC in the lot's boxes once, none the lot already has in any version (pressing it twice adds nothing); a picture and its background-removed twin ('shoe.jpg' and 'shoe-no-bg.png', the same UPC) are one picture, copied as its newest background-removed version; the copies share the catalogue image's files. Message 'Added images from the catalogue: {n}'. Pushed to the owner's other sessions and the admins. Past ${IMAGES_MAX} images on the lot: BAD_REQUEST, nothing added. ${LOT_OWNERS}`),
    errors: ['BAD_REQUEST'],
  },
  deleteImages: {
    kind: 'mutation',
    summary: "Delete a lot's images.",
    payload: RowRefList,
    reply: envelopeReply('DELETED_IMAGES', DeletedIds,
      "data is the deleted ids (never null); message 'Deleted images: {n}'; pushed to each lot owner's other sessions and the admins. An id that is no image of a lot the user may change: NOT_FOUND 'Image {id} not found.', nothing deleted. Files go with the last row naming them."),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  deleteUPCImages: {
    kind: 'mutation',
    summary: "Delete catalogue UPC images by id.",
    payload: IdList,
    reply: envelopeReply('DELETED_IMAGES', DeletedIds,
      "data is the deleted ids (never null); message 'Deleted images: {n}'. Any staff member may (the catalogue is shared). An id that is no UPC image: NOT_FOUND 'Image {id} not found.', nothing deleted."),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  saveImageByUrl: {
    kind: 'mutation',
    summary: 'Fetch an image from a public http(s) address and store it for a UPC (Image Entry, one row at a time).',
    payload: ImageByUrlRequestSchema,
    reply: envelopeReply('IMAGE_UPLOADED', ImageSavedSchema,
      "The image is fetched and processed as an upload is (HTTP below), before the transaction; message 'Uploaded image: {file name}' (the address's last path segment). Only public http(s) addresses: every resolved address checked, redirects (at most 3) re-checked, 10 s and 25 MiB at most, the first bytes sniffed (docs/operations.md, Images by URL). BAD_REQUEST when the address is not public, not an image or too large, and when the host does not answer in time, cannot be reached or fails (the message says which: a queued row is set aside, never retried against a dead host); SERVICE_UNAVAILABLE only while the server processes too many images at once, or while the image storage (S3) is not answering (nothing stored: send again)."),
    errors: ['BAD_REQUEST', 'SERVICE_UNAVAILABLE'],
  },
  deleteImageByUrl: {
    kind: 'mutation',
    summary: 'Delete all images of the listed UPCs (Image Entry, Delete Images).',
    payload: z.array(Upc).min(1).max(LIST_MAX),
    reply: envelopeReply('DELETED_IMAGES', DeletedIds, "data is the deleted ids; UPCs without images are skipped; message 'Deleted images: {n}'."),
    errors: ['BAD_REQUEST'],
  },
  getSuggestion: {
    kind: 'query',
    summary: 'Catalogue type-ahead and search (page 0, size 100 from the client).',
    payload: SuggestionRequestSchema,
    reply: topicReply('suggestion', SuggestionResponseSchema,
      'referenceId is echoed as sent (null when absent). UPC, BRAND, STYLE, SIZE, COLOR: the distinct non-empty values of upc, ' +
      'vendorName, vendorStyleNumber, size or color that start with the request\'s upc, vendor, style, size or color (trimmed; ' +
      'any case except upc, which matches as typed; values differing only in case come once, in one of their spellings); a blank ' +
      'or absent text gives the first values. ALL_FIELDS: whole entries matching every non-blank one of upc, vendor, style, size ' +
      'and color, each from its start, ordered by upc. Values and entries are in order (byte order of the lower-cased value), ' +
      'from page × pageSize, at most pageSize. % and _ are taken literally.'),
    errors: ['BAD_REQUEST'],
  },
  processUPCCrudRequest: {
    kind: 'mutation',
    summary: 'Create, read, update or delete catalogue entries.',
    payload: UpcCrudRequestSchema,
    reply: envelopeReplyOneOf(['UPC_GRUD_CREATED', 'SUGGESTION', 'UPC_GRUD_UPDATED', 'UPC_GRUD_DELETED'], z.array(UpcEntrySchema),
      'messageType follows crudType: CREATE UPC_GRUD_CREATED, READ SUGGESTION, UPDATE UPC_GRUD_UPDATED, DELETE UPC_GRUD_DELETED. ' +
      'data is the created, found, updated or deleted entries, in the order asked; each request is all or nothing. ' +
      'CREATE ("Saved UPC: {upc}", or "Saved UPCs: {n}"): source defaults to dataentry, an approved entry with a blank approvedBy ' +
      'is approved by the sender; a UPC already in the catalogue or repeated in the request is BAD_REQUEST ' +
      '"UPC {upc} is already in the catalogue.". READ ("Found UPCs: {n}") finds entries by upc; none found is NOT_FOUND ' +
      '"UPC {upc} not found." (the first asked). UPDATE ("Updated UPCs: {n}"): a field left out is kept, null clears it (text to ' +
      '"", a price to null); upc may change, but not to one another entry has (BAD_REQUEST as for CREATE); an unknown id is ' +
      'NOT_FOUND "UPC entry {id} not found.". DELETE ("Deleted UPCs: {n}") needs ROLE_ADMIN (FORBIDDEN "Only admins can delete ' +
      'catalogue entries."), deletes the ids that exist, NOT_FOUND "UPC entry {id} not found." when none does. Text is stored ' +
      'trimmed; lastUpdated is set by the server. A change is also pushed to the sender\'s other sessions and to admins.'),
    errors: ['BAD_REQUEST', 'FORBIDDEN', 'NOT_FOUND'],
  },
  getCatalogueCache: {
    kind: 'query',
    summary: 'Not in the spec (issue 31): the catalogue entries a device keeps to scan offline.',
    payload: CatalogueCacheRequestSchema,
    reply: topicReply('catalogueCache', z.array(UpcEntrySchema),
      "At most `limit` entries, each once: first those of the UPCs in the boxes of the lots the user sees (an admin: every lot's), the most " +
      'recently added first, then the CATALOGUE_CACHE_TOP (an operator setting, docs/operations.md) most used UPCs of all boxes, most used first.'),
    errors: ['BAD_REQUEST'],
  },
} satisfies Partial<Record<DestinationName, ContractEntry>>;
