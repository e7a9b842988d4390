import { noSlot } from '@growmail/contracts/demo-booking';
import { slotDayFormat, slotTimeFormat } from '@growmail/contracts/slot-labels';

/** A slot as the visitor reads it, with its day: "Monday 23 November, 09:00". */
export const describeSlot = (start: Date, zone: string) =>
  `${slotDayFormat(zone).format(start)}, ${slotTimeFormat(zone).format(start)}`;

/** The slot value a visitor chose, when it names a time (not "none"). */
export const chosenStart = (value: string | undefined): Date | undefined =>
  value && value !== noSlot && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined;
