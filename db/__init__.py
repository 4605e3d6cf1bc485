"""The SQLite store: schema, connections, the atomic build writer and every query."""
