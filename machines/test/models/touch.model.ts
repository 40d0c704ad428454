/** The touch machine's model: inputs and events of its model-based test and of `npm run paths touch`. */
import { type Box, touchMachine } from '../../touch.machine.ts';
import type { MachineModel } from '../model.ts';

/** A game tile at (100, 200), 120 x 160. */
export const tile: Box = { left: 100, top: 200, right: 220, bottom: 360 };
const on = { x: 160, y: 280 };

export const touchModel: MachineModel<typeof touchMachine> = {
  machine: touchMachine,
  aspects: [
    {
      name: 'a press on a tile: tap, long press, scroll, release outside',
      inputs: [undefined],
      events: [
        { type: 'press.down', ...on, pointerType: 'touch', box: tile, canSwipeBack: false, at: 0 },
        // 5 px: still a tap and a long press; 15 px: a tap, no long press; 45 px: a scroll.
        { type: 'press.move', x: on.x + 5, y: on.y },
        { type: 'press.move', x: on.x + 15, y: on.y },
        { type: 'press.move', x: on.x, y: on.y + 45 },
        { type: 'press.up', pointerType: 'touch', at: 50 },
        { type: 'press.cancel', pointerType: 'touch', at: 50 },
        { type: 'press.click', pointerType: 'touch', inPopup: false },
        { type: 'xstate.after.pressInDelay.touch.gesture.down.waiting' },
        { type: 'xstate.after.longPressDelay.touch.gesture.down' },
        { type: 'xstate.after.pressOutDelay.touch.gesture.released' },
      ],
    },
    {
      name: 'a swipe from the left edge goes back',
      inputs: [undefined],
      events: [
        { type: 'press.down', x: 8, y: 400, pointerType: 'touch', box: null, canSwipeBack: true, at: 0 },
        { type: 'press.down', x: 8, y: 400, pointerType: 'touch', box: null, canSwipeBack: false, at: 0 },
        // 50 px: on the way, not yet back; 112 px: back.
        { type: 'press.move', x: 58, y: 402 },
        { type: 'press.move', x: 120, y: 410 },
        { type: 'press.up', pointerType: 'touch', at: 50 },
        { type: 'press.cancel', pointerType: 'touch', at: 50 },
        { type: 'press.click', pointerType: 'touch', inPopup: false },
      ],
    },
    {
      name: 'popups: the tap that opens one, the tap that closes one',
      inputs: [undefined],
      events: [
        { type: 'popup.opened' },
        { type: 'popup.closed' },
        { type: 'press.click', pointerType: 'touch', inPopup: true },
        { type: 'press.click', pointerType: 'touch', inPopup: false },
        { type: 'press.click', pointerType: 'mouse', inPopup: true },
        { type: 'xstate.after.popupGuardDelay.touch.popup.guarding' },
        { type: 'xstate.after.penetrationWindow.touch.popup.shielding' },
      ],
    },
    {
      name: 'the mouse events a touch leaves behind',
      inputs: [undefined],
      events: [
        { type: 'press.down', ...on, pointerType: 'touch', box: tile, canSwipeBack: false, at: 0 },
        { type: 'press.up', pointerType: 'touch', at: 50 },
        // 100 ms after the touch's end: its compatibility events; 400 ms after: a mouse.
        { type: 'press.down', ...on, pointerType: 'mouse', box: tile, canSwipeBack: false, at: 150 },
        { type: 'press.down', ...on, pointerType: 'mouse', box: tile, canSwipeBack: false, at: 450 },
        { type: 'press.up', pointerType: 'mouse', at: 500 },
      ],
    },
  ],
};
