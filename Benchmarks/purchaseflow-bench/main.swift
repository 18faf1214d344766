print("purchaseflow-bench: not yet implemented")
