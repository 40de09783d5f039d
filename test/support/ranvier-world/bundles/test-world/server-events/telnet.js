'use strict';
/**
 * The tests' telnet port: ranvier-telnet's server, each connection wrapped as a Ranvier
 * TransportStream and handed to the input events, starting with `intro` (the login). A prompt
 * ends with IAC GA, so a client knows the reply is complete. It offers GMCP (the stock one
 * refuses every option): ranvier-telnet emits each GMCP message a client sends.
 */
const Telnet = require('ranvier-telnet');
const { TransportStream } = require('ranvier');

class TelnetStream extends TransportStream {
  attach(socket) {
    super.attach(socket);
    socket.on('data', (message) => this.emit('data', message));
    socket.on('error', (err) => this.emit('error', err));
  }

  get writable() {
    return this.socket.writable;
  }

  write(message) {
    if (this.writable) this.socket.write(message, 'utf8');
  }

  end() {
    this.socket.end();
  }

  executeGoAhead() {
    if (this.writable) this.socket.socket.write(Buffer.from([Telnet.Sequences.IAC, Telnet.Sequences.GA]));
  }
}

module.exports = {
  listeners: {
    startup: (state) => (commander) => {
      const server = new Telnet.TelnetServer((raw) => {
        const telnet = new Telnet.TelnetSocket();
        telnet.attach(raw);
        // A networking that speaks GMCP: it offers it, and lets ranvier-telnet hand on what the client sends.
        telnet.telnetCommand(Telnet.Sequences.WILL, Telnet.Options.OPT_GMCP);
        const stream = new TelnetStream();
        stream.attach(telnet);
        stream.on('error', () => undefined);
        state.InputEventManager.attach(stream);
        stream.emit('intro', stream);
      }).netServer;
      server.listen(commander.port, '127.0.0.1', () => console.log(`listening on 127.0.0.1:${server.address().port}`));
    },
  },
};
