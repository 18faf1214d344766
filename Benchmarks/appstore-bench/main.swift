print("appstore-bench: not yet implemented")
