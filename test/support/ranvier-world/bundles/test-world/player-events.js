'use strict';
/** A player's `save` writes their file, as the stock player events do. */
module.exports = {
  listeners: {
    save: (state) =>
      async function (callback) {
        await state.PlayerManager.save(this);
        if (typeof callback === 'function') callback();
      },
  },
};
