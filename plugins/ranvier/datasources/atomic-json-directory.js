'use strict';
/**
 * A players' (or accounts') datasource for ranvier.json that never leaves a file half-written:
 * ranvier-datasource-file's JsonDirectoryDataSource, except that a record is written whole to a
 * temporary file, flushed to the disk, and renamed over the old one, the rename itself flushed
 * with its folder. The stock one writes the file in place, so a kill in the middle of a save can
 * leave a player's file empty, and the world cannot load that player again.
 *
 * In ranvier.json (docs/ranvier.md, "Saving players safely"):
 *   "dataSources": { "AtomicJsonDirectory": { "require": "./bundles/obsidian-tables/datasources/atomic-json-directory.js" } },
 *   "entityLoaders": { "players": { "source": "AtomicJsonDirectory", "config": { "path": "data/player" } } }
 *
 * ranvier-datasource-file is the world's own (the stock world depends on it): it is taken from
 * beside the world's start script, wherever this bundle's folder lies.
 */
const fs = require('fs');
const path = require('path');
const { JsonDirectoryDataSource } = require.main.require('ranvier-datasource-file');

class AtomicJsonDirectoryDataSource extends JsonDirectoryDataSource {
  async update(config = {}, id, data) {
    const folder = this.resolvePath(config);
    const file = path.join(folder, `${id}.json`);
    const fresh = `${file}.${process.pid}.new`;
    const fd = fs.openSync(fresh, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(data, null, 2));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(fresh, file);
    const dir = fs.openSync(folder, 'r');
    try {
      fs.fsyncSync(dir);
    } finally {
      fs.closeSync(dir);
    }
  }
}

module.exports = AtomicJsonDirectoryDataSource;
