#!/usr/bin/env bash
# `npm run test:scale`: two server processes behind one Redis (pub/sub) and one PostgreSQL (store),
# both from the system's packages, started here on loopback ports in a temporary folder and removed
# afterwards. Clients connected to different processes must converge, and a map must survive both
# processes restarting.
set -euo pipefail
cd "$(dirname "$0")/../.."

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$PG_BIN" ] || ! command -v redis-server >/dev/null; then
  echo "test:scale needs PostgreSQL and Redis (Debian: apt-get install postgresql redis-server)" >&2
  exit 1
fi

WORK=$(mktemp -d)
# A free port from the system: a fixed one may already be taken by some other socket.
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
PG_PORT=${PG_PORT:-$(free_port)}
REDIS_PORT=${REDIS_PORT:-$(free_port)}
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -m immediate stop >/dev/null 2>&1 || true
  redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || kill "$(cat "$WORK/redis.pid" 2>/dev/null)" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

[ "$(id -u)" -eq 0 ] && chown postgres "$WORK"
as_pg "$PG_BIN/initdb" -D "$WORK/pg" -U mindflow --auth=trust >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -l "$WORK/pg.log" -w \
  -o "-p $PG_PORT -k $WORK -c listen_addresses=127.0.0.1" start >/dev/null
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --pidfile "$WORK/redis.pid" --logfile "$WORK/redis.log"

export DATABASE_URL="postgres://mindflow@127.0.0.1:$PG_PORT/postgres"
export REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
node --import tsx tests/scale/scale.ts
