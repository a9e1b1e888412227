// Contract rows for images and the UPC catalogue (spec §7, in its order).
import { z } from 'zod';
import {
  ImageByUrlRequestSchema, ImageSavedSchema, LotImagesSchema, SuggestionRequestSchema, SuggestionResponseSchema,
  UpcCrudRequestSchema, UpcEntrySchema, UpcImagesSchema,
} from '../entities';
import type { DestinationName } from '../destinations';
import { Id, LIST_MAX, Upc } from '../primitives';
import { type ContractEntry, envelopeReply, envelopeReplyOneOf, IdList, RowRefList, topicReply } from './shared';

const DeletedIds = z.array(Id);

export const catalogueContract = {
  getImagesForLotById: {
    summary: "A lot's images.",
    payload: Id,
    reply: envelopeReply('FOUND_IMAGES_FOR_LOT', LotImagesSchema),
    errors: ['BAD_REQUEST'],
  },
  getImagesForUPC: {
    summary: "A catalogue UPC's images.",
    payload: Upc,
    reply: envelopeReply('FOUND_IMAGES_FOR_UPC', UpcImagesSchema),
    errors: ['BAD_REQUEST'],
  },
  loadImagesForManifest: {
    summary: "Attach to a lot the catalogue images of the UPCs in its boxes (Load Images).",
    payload: Id,
    reply: envelopeReply('IMAGE_ADDED_MANIFEST', LotImagesSchema, 'images are all the lot\'s images afterwards.'),
    errors: ['BAD_REQUEST'],
  },
  deleteImages: {
    summary: "Delete a lot's images.",
    payload: RowRefList,
    reply: envelopeReply('DELETED_IMAGES', DeletedIds, 'data is the deleted ids (never null).'),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  deleteUPCImages: {
    summary: "Delete catalogue UPC images by id.",
    payload: IdList,
    reply: envelopeReply('DELETED_IMAGES', DeletedIds, 'data is the deleted ids (never null).'),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  saveImageByUrl: {
    summary: 'Fetch an image from a public http(s) address and store it for a UPC (Image Entry, one row at a time).',
    payload: ImageByUrlRequestSchema,
    reply: envelopeReply('IMAGE_UPLOADED', ImageSavedSchema,
      'BAD_REQUEST when the address is not public, not an image or too large; SERVICE_UNAVAILABLE when the host does not answer in time.'),
    errors: ['BAD_REQUEST', 'SERVICE_UNAVAILABLE'],
  },
  deleteImageByUrl: {
    summary: 'Delete all images of the listed UPCs (Image Entry, Delete Images).',
    payload: z.array(Upc).min(1).max(LIST_MAX),
    reply: envelopeReply('DELETED_IMAGES', DeletedIds, 'data is the deleted ids; UPCs without images are skipped.'),
    errors: ['BAD_REQUEST'],
  },
  getSuggestion: {
    summary: 'Catalogue type-ahead and search (page 0, size 100 from the client).',
    payload: SuggestionRequestSchema,
    reply: topicReply('suggestion', SuggestionResponseSchema, 'referenceId is echoed back.'),
    errors: ['BAD_REQUEST'],
  },
  processUPCCrudRequest: {
    summary: 'Create, read, update or delete catalogue entries.',
    payload: UpcCrudRequestSchema,
    reply: envelopeReplyOneOf(['UPC_GRUD_CREATED', 'SUGGESTION', 'UPC_GRUD_UPDATED', 'UPC_GRUD_DELETED'], z.array(UpcEntrySchema),
      'messageType follows crudType: CREATE UPC_GRUD_CREATED, READ SUGGESTION, UPDATE UPC_GRUD_UPDATED, DELETE UPC_GRUD_DELETED. ' +
      'data is the created, found, updated or deleted entries. DELETE needs ROLE_ADMIN (FORBIDDEN otherwise); a UPC already in the catalogue is BAD_REQUEST on CREATE.'),
    errors: ['BAD_REQUEST', 'FORBIDDEN', 'NOT_FOUND'],
  },
} satisfies Partial<Record<DestinationName, ContractEntry>>;
