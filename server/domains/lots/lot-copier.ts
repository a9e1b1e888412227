// The lot copier (DESIGN §5 "Lot numbers"): a lot with its boxes and items duplicated under a new lot number.
// A command over three tables; it writes on the transaction it is given and never checks ownership (the caller
// has). Images stay with the source lot: they are files, and a copy is a new physical lot to photograph.
import { asc, eq, inArray } from 'drizzle-orm';
import { LotStatus } from '../../../src/protocol/lots';
import { boxes, items, lots, nextLotNumber, type DbOrTx } from '../../db';
import { editableColumnsOf, presentLot, type LotRow } from './lot-presenter';

export interface LotCopy {
  /** The new owner: whoever asked for the copy. */
  ownerId: number;
  lotPrefix: string;
}

/** The copy: the source's editable fields, a new lot number, status NOT_LISTED, no slug, owned by `ownerId`. */
export async function copyLot(db: DbOrTx, source: LotRow, { ownerId, lotPrefix }: LotCopy): Promise<LotRow> {
  const [copy] = await db
    .insert(lots)
    .values({ ...editableColumnsOf(presentLot(source)), lotNumber: await nextLotNumber(db, lotPrefix), status: LotStatus.NOT_LISTED, userId: ownerId })
    .returning();
  if (!copy) throw new Error('insert into lots returned no row');

  const sourceBoxes = await db.select().from(boxes).where(eq(boxes.lotId, source.id)).orderBy(asc(boxes.boxNumber), asc(boxes.id));
  if (sourceBoxes.length === 0) return copy;
  const sourceItems = await db.select().from(items).where(inArray(items.boxId, sourceBoxes.map((box) => box.id))).orderBy(asc(items.id));

  // Box by box: each copy's id is needed for its items, and RETURNING order is not a promise of row order.
  for (const { id: sourceBoxId, lotId: _lot, userId: _user, createdAt: _created, ...box } of sourceBoxes) {
    const [boxCopy] = await db.insert(boxes).values({ ...box, lotId: copy.id, userId: ownerId }).returning({ id: boxes.id });
    if (!boxCopy) throw new Error('insert into boxes returned no row');
    const boxItems = sourceItems.filter((item) => item.boxId === sourceBoxId).map(({ id: _item, ...item }) => ({ ...item, boxId: boxCopy.id }));
    if (boxItems.length > 0) await db.insert(items).values(boxItems);
  }
  return copy;
}
