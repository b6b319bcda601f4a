"""The Tiny Points window parts (Qt): its chain page."""
