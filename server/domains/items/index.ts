// The items domain's public face: its handlers (the rows of a box: read, scan, spreadsheet, edit, delete) and the
// presenter the demo seed uses to fill boxes from the catalogue.
export { itemHandlers, BOX_ITEMS_MAX } from './handlers';
export { itemFromCatalogue, presentItem } from './item-presenter';
