from scorekeeper.cli import main

if __name__ == "__main__":  # `python -m scorekeeper`; importing the module (doctests do) runs nothing
    main()
