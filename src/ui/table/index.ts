// The shared table pieces: the virtualized table, the editable number cell and their pure rules.
export { VirtualTable, MIN_ROW_HEIGHT_PX, type TableColumn, type VirtualTableProps } from './VirtualTable';
export { NumberCell, type NumberCellProps } from './NumberCell';
export { formatNumber, invalidNumberMessage, parseNumberEdit, type NumberEdit } from './number-edit';
