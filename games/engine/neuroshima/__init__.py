"""Neuroshima Hex (Portal, Michał Oracz): rules engine, pure Python."""
