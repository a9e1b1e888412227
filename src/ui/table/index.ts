// The shared table pieces: the virtualized table, the editable cells and their pure rules.
export { VirtualTable, MIN_ROW_HEIGHT_PX, type TableColumn, type VirtualTableProps } from './VirtualTable';
export { EditableCell, type EditableCellProps } from './EditableCell';
export { NumberCell, type NumberCellProps } from './NumberCell';
export { TextCell, type TextCellProps } from './TextCell';
export { formatNumber, invalidNumberMessage, parseNumberEdit, type NumberEdit, type NumberRule } from './number-edit';
