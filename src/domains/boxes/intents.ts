// The box tabs' changes (spec §2 Lot edit: Add Box, Delete Box, Update Weight/Dims), each declared once. Add Box
// shows a pending box with a temporary id until ADDED_BOX_TO_LOT; items scanned into it meanwhile follow it. Each may
// name a lot or box made offline (`ids`): the outbox sends it with the real ids once the server has named them.
import { BoxSchema, NewBoxSchema, type Box, type BoxInfo } from '../../protocol/entities';
import { ClientMessages } from '../../protocol/messages';
import { defineIntent } from '../../sync/intent';
import { creates, patches, removes } from '../../sync/outbox/outbox';
import { validatedNaming } from '../../sync/validated';
import { boxesTable } from './tables';

/** A new box: the label, its lot, and zero dimensions, weight and location (spec §9). */
export const addBox = defineIntent({
  destination: 'addBoxToLot',
  ids: ['manualManiestId'],
  build: ({ lotId, label }: { readonly lotId: number; readonly label: string }) => {
    const trimmed = label.trim();
    if (trimmed === '') throw new Error(ClientMessages.boxLabelRequired);
    const body = validatedNaming(NewBoxSchema, { label: trimmed, manualManiestId: lotId }, ['manualManiestId']);
    const row: Omit<Box, 'id'> = {
      label: trimmed, manualManiestId: lotId, w: 0, l: 0, h: 0, lbs: 0, ozs: 0, zone: 0, aisle: 0, col: 0, row: 0, bin: 0, boxNumber: null, userId: null,
    };
    return { body, optimistic: creates(boxesTable, row) };
  },
});

export const deleteBox = defineIntent({
  destination: 'deleteBox',
  ids: ['id'],
  build: (box: Box | undefined) => {
    if (box === undefined) throw new Error(ClientMessages.invalidBox);
    return { body: { id: box.id }, optimistic: removes(boxesTable, [box.id]) };
  },
});

export const updateBoxInfo = defineIntent({
  destination: 'updateBoxInfo',
  ids: ['id', 'manualManiestId'],
  build: ({ box, info }: { readonly box: Box; readonly info: BoxInfo }) => {
    return { body: validatedNaming(BoxSchema, { ...box, ...info }, ['id', 'manualManiestId']), optimistic: patches(boxesTable, [box.id], info) };
  },
});
