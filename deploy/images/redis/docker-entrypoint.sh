#!/bin/sh
# The entry point of the local Redis stand-in (bin/images --local-bases), as the public redis image's behaves:
# arguments that start with - or name a .conf file are options of redis-server; redis-server started without a
# config file listens on every address with protected mode off (the container's network is the boundary); started
# as root, it runs as the user redis, owning its data directory /data.
set -e

case "$1" in
  -*|*.conf) set -- redis-server "$@" ;;
esac

if [ "$1" = redis-server ]; then
  case "$2" in
    *.conf) ;;
    *) shift; set -- redis-server --protected-mode no "$@" ;;
  esac
  if [ "$(id -u)" = 0 ]; then
    find . \! -user redis -exec chown redis: '{}' +
    exec setpriv --reuid=redis --regid=redis --init-groups "$@"
  fi
fi
exec "$@"
