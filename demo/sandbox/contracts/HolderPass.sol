// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from '@openzeppelin/contracts/token/ERC721/ERC721.sol';
import {Ownable} from '@openzeppelin/contracts/access/Ownable.sol';

/// @notice The sandbox "holder pass": an ERC-721 whose holders get access to the API without paying.
contract HolderPass is ERC721, Ownable {
    uint256 public totalSupply;

    constructor(address owner_) ERC721('Swap Quote Holder Pass', 'SQPASS') Ownable(owner_) {}

    /// @notice Mints the next pass to `to`; owner only. Returns its token id (ids start at 1).
    function mint(address to) external onlyOwner returns (uint256 tokenId) {
        tokenId = ++totalSupply;
        _mint(to, tokenId);
    }
}
