_random_states = {}
