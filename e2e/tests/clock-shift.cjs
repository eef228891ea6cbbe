// Preloaded (`node --require`) into an API process of the organizer-money journey: the
// process's clock runs HAFLA_E2E_CLOCK_OFFSET_MS behind (or ahead of) the real one until it
// receives SIGWINCH (a signal the API's graceful shutdown leaves alone), then runs true.
// Tickets can then be sold for a slot that has, by the real clock, long ended: its earnings
// are past the payout hold, as a week of waiting would leave them.
'use strict';

const RealDate = Date;
let offset = Number(process.env.HAFLA_E2E_CLOCK_OFFSET_MS ?? 0);

process.on('SIGWINCH', () => {
  offset = 0;
});

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate;
