'use strict';
/**
 * ranvier-datasource-file's JsonDirectoryDataSource, except that a record is written whole to a
 * temporary file, flushed, and renamed over the old one: a kill in the middle of a save leaves
 * the old file as it was. (The stock one writes the file in place, so a kill mid-write can leave
 * a player's file empty; docs/ranvier.md says so.)
 */
const fs = require('fs');
const path = require('path');
const { JsonDirectoryDataSource } = require('ranvier-datasource-file');

class AtomicJsonDirectoryDataSource extends JsonDirectoryDataSource {
  async update(config = {}, id, data) {
    const file = path.join(this.resolvePath(config), `${id}.json`);
    const fresh = `${file}.${process.pid}.new`;
    const fd = fs.openSync(fresh, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(data, null, 2));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(fresh, file);
  }
}

module.exports = AtomicJsonDirectoryDataSource;
