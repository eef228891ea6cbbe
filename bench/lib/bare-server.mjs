// The ceiling: node:http answering a small JSON body, nothing else. Run as its own process so
// it, like the API, does not share an event loop with the load generator. Prints its port.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok', name: 'Hafla', version: '0.1.0' });
const server = http.createServer((request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address !== 'string') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
