#!/bin/sh
# Initialises the data directory on the first start (database and user from the
# environment, applied in bootstrap mode before the server listens), then runs mariadbd
# in the foreground as PID 1.
set -eu
datadir=/var/lib/mysql
if [ ! -d "$datadir/mysql" ]; then
	: "${MARIADB_DATABASE:?set MARIADB_DATABASE}" "${MARIADB_USER:?set MARIADB_USER}" "${MARIADB_PASSWORD:?set MARIADB_PASSWORD}"
	mariadb-install-db --no-defaults --datadir="$datadir" --auth-root-authentication-method=socket >/dev/null
	mariadbd --no-defaults --datadir="$datadir" --bootstrap <<-SQL
		FLUSH PRIVILEGES;
		CREATE DATABASE IF NOT EXISTS \`$MARIADB_DATABASE\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
		CREATE USER IF NOT EXISTS '$MARIADB_USER'@'%' IDENTIFIED BY '$MARIADB_PASSWORD';
		GRANT ALL PRIVILEGES ON \`$MARIADB_DATABASE\`.* TO '$MARIADB_USER'@'%';
	SQL
fi
exec mariadbd --no-defaults --datadir="$datadir" --socket=/run/mysqld/mysqld.sock --bind-address=0.0.0.0 --port=3306 \
	--character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci "$@"
