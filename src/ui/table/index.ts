// The shared table pieces: the responsive table (table on a desk, cards on a phone, the column chooser), its
// column rules, the editable cells and their pure rules.
export { ResponsiveTable, type ResponsiveTableProps } from './ResponsiveTable';
export { VirtualTable, MIN_ROW_HEIGHT_PX, type VirtualTableProps } from './VirtualTable';
export { type TableColumn, type CardRole } from './columns';
export { EditableCell, type EditableCellProps } from './EditableCell';
export { NumberCell, type NumberCellProps } from './NumberCell';
export { TextCell, type TextCellProps } from './TextCell';
export { formatNumber, invalidNumberMessage, parseNumberEdit, type NumberEdit, type NumberRule } from './number-edit';
export { RetryDiscard, RowCheckbox } from './RowControls';
export { useRowSelection, type RowSelection } from './use-row-selection';
export { TOUCH_HOLD_MS } from './gesture';
export { DragHandle, SortableItem, SortableRows, type Reorder, type ReorderWords, type SortableRowParts } from './sortable';
