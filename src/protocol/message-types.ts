// MessageType 0–52 in the exact order of spec §7; the wire carries the number, the code uses the name.
export const MessageTypeNames = [
  'NOT_USED',
  'UPDATED_BOX',
  'DELETED_BOX',
  'ADDED_BOX_TO_LOT',
  'DELETED_ITEMS',
  'UPDATED_ITEMS',
  'ADDED_UPC_TO_BOX',
  'UPDATED_LOT_TITLE',
  'FOUND_ITEMS_BY_BOX_ID',
  'CREATED_MANIFEST',
  'FOUND_BOXES_BY_MANIFEST_ID',
  'DELETED_LOTS',
  'UPDATED_LOT',
  'LOT_SUGGESTION',
  'FOUND_IMAGES_FOR_LOT',
  'PRESIGNED_URL',
  'IMAGE_ADDED_MANIFEST',
  'DELETED_IMAGES',
  'SUGGESTION',
  'UPC_GRUD_CREATED',
  'UPC_GRUD_UPDATED',
  'UPC_GRUD_DELETED',
  'CREATED_UPDATED_INVENTORY_EVENT',
  'CREATED_MANIFEST_HISTORY',
  'FOUND_INVENTORY_EVENTS',
  'FOUND_MANIFEST_HISTORY',
  'ERROR',
  'WOOCOMMERCE_CATEGORIES',
  'NOTES_FOUND',
  'NOTE_CREATED',
  'NOTE_DELETED',
  'NOTE_UPDATED',
  'NOTE_FOUND',
  'LISTING_HTML_CREATED',
  'LISTING_CREATED',
  'LISTING_DELETED',
  'DELETED_MANIFEST_HISTORIES',
  'PRODUCTS_STATUS',
  'PRODUCT_STATUS_BY_CATEGORY',
  'IMAGE_UPLOADED',
  'FOUND_IMAGES_FOR_UPC',
  'UPDATED_LOTS',
  'FOUND_LOTS',
  'COPY_LOTS',
  'NOT_FOUND',
  'COPIED_MANIFEST',
  'IMAGE_BACKGROUND_REMOVED',
  'CREATED_AUCTION_EVENT',
  'ALL_AUCTION_EVENTS',
  'AUCTION_EVENT_UPDATED',
  'AUCTION_EVENT_DELETED',
  'AUCTION_EVENT_MANIFEST_MOVED_UP',
  'ADDED_MULT_UPCS_TO_BOX',
] as const;

export type MessageTypeName = (typeof MessageTypeNames)[number];

/** `MessageType.CREATED_MANIFEST === 9`: the number is the index in the spec's list. */
export const MessageType = Object.fromEntries(MessageTypeNames.map((name, index) => [name, index])) as {
  readonly [K in MessageTypeName]: number;
};

export function messageTypeName(value: number): MessageTypeName | undefined {
  return MessageTypeNames[value];
}
