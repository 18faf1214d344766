print("appstore-consumption: not yet implemented")
