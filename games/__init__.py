"""The games on the table. Each subpackage registers itself with engine.core.registry."""
