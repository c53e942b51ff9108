// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from '@openzeppelin/contracts/token/ERC20/ERC20.sol';

/// @notice Stand-in for a curated ERC-20. The sandbox places its runtime code at the token's real
/// mainnet address with `anvil_setCode`, so no constructor runs: name, symbol, decimals and the
/// minter are set once through `initialize`.
contract SandboxToken is ERC20 {
    string private _tokenName;
    string private _tokenSymbol;
    uint8 private _tokenDecimals;
    address public minter;

    constructor() ERC20('', '') {}

    function initialize(string calldata name_, string calldata symbol_, uint8 decimals_, address minter_) external {
        require(minter == address(0), 'SandboxToken: already initialized');
        require(minter_ != address(0), 'SandboxToken: zero minter');
        _tokenName = name_;
        _tokenSymbol = symbol_;
        _tokenDecimals = decimals_;
        minter = minter_;
    }

    function name() public view override returns (string memory) {
        return _tokenName;
    }

    function symbol() public view override returns (string memory) {
        return _tokenSymbol;
    }

    function decimals() public view override returns (uint8) {
        return _tokenDecimals;
    }

    /// @notice Mints `amounts[i]` to `recipients[i]`; minter only.
    function mintBatch(address[] calldata recipients, uint256[] calldata amounts) external {
        require(msg.sender == minter, 'SandboxToken: not minter');
        require(recipients.length == amounts.length, 'SandboxToken: length mismatch');
        for (uint256 i = 0; i < recipients.length; i++) {
            _mint(recipients[i], amounts[i]);
        }
    }
}
