"""The SD-card image's own steps. `firstboot.py`: what the maker put on the FAT partition
(companion.toml, wifi.txt, an ssh key) read at boot, before the network and the service start."""
