"""One module per scene: title, setup, table, summary, result, settings, rules, pause, error."""
