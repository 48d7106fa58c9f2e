from scorekeeper.cli import main

main()
