"""Play over the network: the server, its clients and the finding of tables nearby."""
