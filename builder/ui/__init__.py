"""The Qt layer: app start, main window, models, views, dialogs, printing."""
